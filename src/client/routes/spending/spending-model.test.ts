import { describe, expect, it } from 'vitest';
import { ageText, approvalsText } from './spending-model.ts';

describe('the spending pages’ words', () => {
  it('says how long an item waited against its window, and when it is late', () => {
    expect(ageText({ businessDays: 1, window: 'review', late: false })).toBe(
      '1 business day waiting (review window: 3-5 business days)',
    );
    expect(ageText({ businessDays: 6, window: 'review', late: true })).toBe(
      '6 business days waiting: past the review window of 3-5 business days',
    );
    expect(ageText({ businessDays: 0, window: 'disputes', late: false })).toBe(
      '0 business days waiting (disputes window: up to 10 business days)',
    );
  });

  it('counts approvals against what the expense needs', () => {
    expect(approvalsText({ approvals: [], requiredApprovals: 1 })).toBe('0 of 1 approval');
    expect(
      approvalsText({
        approvals: [{ approverId: 'a', approverName: 'Ada', at: '2025-01-01T00:00:00Z' }],
        requiredApprovals: 2,
      }),
    ).toBe('1 of 2 approvals');
  });
});
