/** The fields of a ticket that say who it is with (the dialog and the detail screen). */
export interface AssignableTicket {
  status?: string | null;
  currentAssignee?: string | null;
  city?: string | null;
  cityData?: { name?: string | null } | null;
  committee?: { name?: string | null } | null;
  cityPresident?: { fullName?: string | null } | null;
  convenor?: { fullName?: string | null } | null;
  observer?: { fullName?: string | null } | null;
}

export interface AssignedPerson {
  label: 'City President' | 'Convenor' | 'Observer' | 'Office Bearer';
  fullName: string;
}

/** The named people of a ticket in order, the observer under the label the screen gives it. */
export function assignedPeople(
  ticket: AssignableTicket,
  observerLabel: AssignedPerson['label'],
): AssignedPerson[] {
  const list: AssignedPerson[] = [];
  const add = (label: AssignedPerson['label'], fullName: string | null | undefined) => {
    if (fullName?.trim()) list.push({ label, fullName: fullName.trim() });
  };
  add('City President', ticket.cityPresident?.fullName);
  add('Convenor', ticket.convenor?.fullName);
  add(observerLabel, ticket.observer?.fullName);
  return list;
}
