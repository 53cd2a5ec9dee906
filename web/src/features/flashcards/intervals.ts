/** How far away a next review is, as the rating buttons show it: "1 min", "10 min", "3 days". */
export function intervalText(dueIso: string, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.round((new Date(dueIso).getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days} day${days === 1 ? '' : 's'}`;
  const months = Math.round(days / 30);
  if (months < 12) return `${months} mo`;
  return `${(days / 365).toFixed(1)} yr`;
}
