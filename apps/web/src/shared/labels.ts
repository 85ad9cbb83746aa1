/** 'AGRICULTURE_FORESTRY_AND_FISHERIES' → 'Agriculture forestry and fisheries'. */
export function categoryLabel(name: string): string {
  const words = name.replaceAll('_', ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
