import { AD_POSITIONS, type AdPosition } from '@wenku/shared';

export type AdGroup = keyof typeof AD_POSITIONS;

/** The page group a position belongs to: a page asks for all positions of its group at once (moredoc-facts §18.6). */
export function adGroupOf(position: AdPosition): AdGroup {
  for (const [group, positions] of Object.entries(AD_POSITIONS) as [AdGroup, readonly string[]][]) {
    if (positions.includes(position)) return group;
  }
  return 'global';
}

/** The positions to fetch for a group, in the spec's order (one query key per group, shared by every slot). */
export function adGroupPositions(group: AdGroup): string[] {
  return [...AD_POSITIONS[group]];
}
