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
  /** The catalogue key of the person's label (`common:people.cityPresident`). */
  label: string;
  fullName: string;
}

/** The label the screen gives the observer. */
export type ObserverLabel = 'observer' | 'officeBearer';

/** The named people of a ticket in order, the observer under the label the screen gives it. */
export function assignedPeople(ticket: AssignableTicket, observerLabel: ObserverLabel): AssignedPerson[] {
  const list: AssignedPerson[] = [];
  const add = (label: string, fullName: string | null | undefined) => {
    if (fullName?.trim()) list.push({ label: `common:people.${label}`, fullName: fullName.trim() });
  };
  add('cityPresident', ticket.cityPresident?.fullName);
  add('convenor', ticket.convenor?.fullName);
  add(observerLabel, ticket.observer?.fullName);
  return list;
}
