/** English catalogue of the user-admin remote (namespace `userAdmin`). */
export const userAdminEn = {
  users: { title: 'User Management' },
  activity: { title: 'Users' },
};
