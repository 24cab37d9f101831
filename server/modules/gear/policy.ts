// Who may see and change a member's gear (docs/product/gear.md). Every write acts on the caller's own
// list (the server never takes a member from the request for a write); reading a list follows
// the owner's choice of public or private.
import type { Member } from '../../lib/session.js';

/** The list's owner as the read needs them: a withdrawn member's list is gone. */
export interface GearOwner {
  no: number;
  status: string;
  private: boolean;
}

/**
 * Anyone reads a public list; a private one only its owner. Others get the answer of an empty
 * list marked private, as a space leaves out what its reader may not see (no 403 that would
 * differ from "nothing here"). Administrators are readers like any other here: the list tells
 * nothing they need to look after the site.
 */
export function canReadGear(caller: Member | null, owner: GearOwner): boolean {
  if (owner.status === 'withdrawn') return false;
  return !owner.private || caller?.no === owner.no;
}

/** Only bodies and lenses are gear (flashes and accessories are not what a member "shoots with"). */
export const GEAR_TYPES: ReadonlySet<string> = new Set(['body', 'lens']);
