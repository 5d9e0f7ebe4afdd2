/**
 * The words of a document's expiry reminder (the compliance pass sends them
 * 30, 14, 7 and 1 days ahead): what the admins read, and what the driver
 * reads of their own paper; of the business's own documents, the admins
 * also read one once it has expired.
 */

type Reminder = {
  label: string;
  /** As written in the mail ('Mar 12, 2027'). */
  expiresOn: string;
};

/** 'today', 'in 6 days'. */
export function whenText(daysLeft: number): string {
  return daysLeft === 0 ? 'today' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
}

/** 'today', 'in 6 days' (whenText). */
type When = { when: string };

/**
 * The admins' reminder of a driver's paper. A driver suspended already (by
 * another paper) is not threatened with a suspension: this one would keep
 * them off the road once the rest is in order.
 */
export function driverReminderText(
  reminder: Reminder & When & { owner: string; isSuspended: boolean },
): string {
  const { owner, label, expiresOn, when, isSuspended } = reminder;
  const head = `${owner}'s ${label} expires on ${expiresOn} (${when}).`;
  return isSuspended
    ? `${head} ${owner} is suspended already; upload the renewed document and verify it before then, or it will keep them suspended once the rest is in order.`
    : `${head} Upload the renewed document and verify it before then, or they will be suspended.`;
}

/**
 * The driver's reminder of their own paper: the driver app takes the renewal
 * from a driver who has signed in to it; one without an account (invited,
 * or never invited) sends it to the office.
 */
export function driversOwnReminderText(
  reminder: Reminder & { hasAccount: boolean; isSuspended: boolean },
): string {
  const { label, expiresOn, hasAccount, isSuspended } = reminder;
  const how = hasAccount
    ? 'upload the renewed one in the driver app (Documents)'
    : 'send the renewed one to the office';
  return isSuspended
    ? `Your ${label} expires on ${expiresOn}. You are suspended now: ${how} before then too, or it will keep you off the road once the rest is in order.`
    : `Your ${label} expires on ${expiresOn}: ${how} so you can keep working.`;
}

/**
 * The admins' reminder of a vehicle's paper: the vehicle holds the paper,
 * and an expired one suspends the drivers whose current vehicle it is
 * (decision 30), so they are who is named.
 */
export function vehicleReminderText(
  reminder: Reminder &
    When & {
      registration: string;
      /** The names of the drivers whose current vehicle it is. */
      drivers: string[];
    },
): string {
  const { registration, label, expiresOn, when, drivers: names } = reminder;
  const head = `The ${label} of vehicle ${registration} expires on ${expiresOn} (${when}).`;
  if (names.length === 0) {
    return `${head} Upload the renewed document and verify it before then: without it no driver can work in this vehicle. No driver has it as their vehicle now.`;
  }
  const who =
    names.length === 1
      ? `its driver, ${names[0]}, will be suspended`
      : `its drivers (${names.join(', ')}) will be suspended`;
  return `${head} Upload the renewed document and verify it before then, or ${who}.`;
}

/**
 * The admins' reminder of one of the business's own documents (the Document
 * Manager's): nothing suspends anyone when it lapses, so it says where the
 * renewal goes. Once expired (`when` null) it is the last mail: the
 * dashboard's Alerts keep it until it is renewed.
 */
export function businessDocumentReminderText(
  reminder: Reminder & { when: string | null; category: string },
): string {
  const { label, category, expiresOn, when } = reminder;
  return when === null
    ? `${label} (${category}) expired on ${expiresOn}. Upload the renewed document with Renew in the Document Manager. This is the last reminder: the dashboard's Alerts list it until it is renewed.`
    : `${label} (${category}) expires on ${expiresOn} (${when}). Upload the renewed document with Renew in the Document Manager before then.`;
}
