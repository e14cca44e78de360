/**
 * A resource's rules in one place: for each action, who may take it on a record and what she is told when she may
 * not. Commands call `authorize` before they write; presenters call `can` or `ability` to attach `abilities`, so the browser
 * shows an action only to whom the server would let take it (and the server still checks).
 */
import type { Ability } from '#shared/schemas/ability.ts';
import { AppError, type ErrorCode } from '#shared/errors.ts';
import type { Viewer } from './viewer.ts';

/**
 * One action: whether `viewer` may take it on `record`, the refusal's message when she may not, and its code
 * (403 unless said: 404 where the record's existence is nobody else's business, 409 where its state is in the way).
 */
export interface Rule<R> {
  allows: (viewer: Viewer, record: R) => boolean;
  refusal: string | ((record: R, viewer: Viewer) => string);
  code?: ErrorCode | ((record: R, viewer: Viewer) => ErrorCode);
}

export interface Policy<R, A extends string> {
  can(viewer: Viewer, action: A, record: R): boolean;
  /** The refusal's message when `viewer` may not take the action, else null: an ability the browser can explain. */
  refusal(viewer: Viewer, action: A, record: R): string | null;
  /**
   * Throws the action's refusal (403 FORBIDDEN unless its rule says another code) when `viewer` may not take it.
   * With `current` (the version she should read again), a refusal by the record's state is a stale read (409 with it).
   */
  authorize(viewer: Viewer, action: A, record: R, current?: number | string | null): void;
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
    authorize(viewer, action, record, current) {
      const refused = refusal(viewer, action, record);
      if (refused === null) return;
      const rule = rules[action].code ?? 'FORBIDDEN';
      const code = typeof rule === 'function' ? rule(record, viewer) : rule;
      if (code === 'CONFLICT' && current !== undefined) throw AppError.stale(refused, current);
      throw new AppError(code, refused);
    },
    ability(viewer, action, record) {
      const refused = refusal(viewer, action, record);
      return { allowed: refused === null, refusal: refused };
    },
  };
}
