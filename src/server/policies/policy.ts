/**
 * A resource's rules in one place: for each action, who may take it on a record and what she is told when she may
 * not. Commands call `authorize` before they write; presenters call `can` or `ability` to attach `abilities`, so the browser
 * shows an action only to whom the server would let take it (and the server still checks).
 */
import type { Ability } from '#shared/schemas/ability.ts';
import { AppError } from '#shared/errors.ts';
import type { Viewer } from './viewer.ts';

/** One action: whether `viewer` may take it on `record`, and the refusal's message when she may not. */
export interface Rule<R> {
  allows: (viewer: Viewer, record: R) => boolean;
  refusal: string | ((record: R, viewer: Viewer) => string);
}

export interface Policy<R, A extends string> {
  can(viewer: Viewer, action: A, record: R): boolean;
  /** The refusal's message when `viewer` may not take the action, else null: an ability the browser can explain. */
  refusal(viewer: Viewer, action: A, record: R): string | null;
  /** Throws 403 FORBIDDEN with the action's refusal when `viewer` may not take it. */
  authorize(viewer: Viewer, action: A, record: R): void;
  /** The action as the browser shows it: allowed, or refused with the words the server would refuse it with. */
  ability(viewer: Viewer, action: A, record: R): Ability;
}

export function policy<R, A extends string>(rules: Record<A, Rule<R>>): Policy<R, A> {
  const can = (viewer: Viewer, action: A, record: R) => rules[action].allows(viewer, record);
  const refusal = (viewer: Viewer, action: A, record: R) => {
    if (can(viewer, action, record)) return null;
    const words = rules[action].refusal;
    return typeof words === 'function' ? words(record, viewer) : words;
  };
  return {
    can,
    refusal,
    authorize(viewer, action, record) {
      const refused = refusal(viewer, action, record);
      if (refused !== null) throw new AppError('FORBIDDEN', refused);
    },
    ability(viewer, action, record) {
      const refused = refusal(viewer, action, record);
      return { allowed: refused === null, refusal: refused };
    },
  };
}
