/** The seller's time zone as minutes east of UTC: the server cuts date filters at the seller's midnight. */
export function tzOffsetMinutes(date = new Date()): number {
  return -date.getTimezoneOffset();
}
