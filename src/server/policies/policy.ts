/**
 * A resource's rules in one place: for each action, who may take it on a record and what she is told when she may
 * not. Commands call `authorize` before they write; presenters call `can` to attach `abilities`, so the browser
 * shows an action only to whom the server would let take it (and the server still checks).
 */
import { AppError } from '#shared/errors.ts';
import type { Viewer } from './viewer.ts';

/** One action: whether `viewer` may take it on `record`, and the refusal's message when she may not. */
export interface Rule<R> {
  allows: (viewer: Viewer, record: R) => boolean;
  refusal: string | ((record: R, viewer: Viewer) => string);
}

export interface Policy<R, A extends string> {
  can(viewer: Viewer, action: A, record: R): boolean;
  /** Throws 403 FORBIDDEN with the action's refusal when `viewer` may not take it. */
  authorize(viewer: Viewer, action: A, record: R): void;
}

export function policy<R, A extends string>(rules: Record<A, Rule<R>>): Policy<R, A> {
  const can = (viewer: Viewer, action: A, record: R) => rules[action].allows(viewer, record);
  return {
    can,
    authorize(viewer, action, record) {
      if (can(viewer, action, record)) return;
      const { refusal } = rules[action];
      throw new AppError('FORBIDDEN', typeof refusal === 'function' ? refusal(record, viewer) : refusal);
    },
  };
}
