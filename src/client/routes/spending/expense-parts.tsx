/** An expense as its owner and admins read it: status, amounts, documents, approvals, decision and payment. */
import type { ReactNode } from 'react';
import { FileText } from 'lucide-react';
import type { Expense } from '#shared/schemas/spending.ts';
import { documentLabel, formatCents, formatDay } from '#client/lib/format.ts';
import { campaignFor } from '#shared/fundraiser-words.ts';
import { useCostGroupLabel } from '#client/components/ledger-lists.tsx';
import { Badge } from '../community/story-parts.tsx';
import { ChoiceButtons } from '../admin/choice-buttons.tsx';
import { ageText, approvalsText, STATUS_BADGES } from './spending-model.ts';

/** "$1,200.00" or "€1,000.00 (≈ $1,080.00 USD)". */
export function ExpenseAmount({ expense }: { expense: Pick<Expense, 'amountCents' | 'currency' | 'usdCents'> }) {
  if (expense.currency === 'USD') return <>{formatCents(expense.amountCents)}</>;
  return (
    <>
      {formatCents(expense.amountCents, expense.currency)}{' '}
      <span className="font-normal text-slate-600">(≈ {formatCents(expense.usdCents)} USD)</span>
    </>
  );
}

export function StatusBadge({ status }: { status: Expense['status'] }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge tone={badge.tone} testId="expense-status">
      {badge.label}
    </Badge>
  );
}

/** How long an open item has waited against its window; a late one says so in words and colour. */
export function AgeNote({ age }: { age: NonNullable<Expense['age']> }) {
  return (
    <p className={`text-sm ${age.late ? 'font-semibold text-red-800' : 'text-slate-700'}`} data-testid="item-age">
      {age.late && (
        <span className="mr-2 inline-flex items-center rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white uppercase">
          Late
        </span>
      )}
      {ageText(age)}
    </p>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="sm:grid sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

export function DocumentLinks({ expense }: { expense: Pick<Expense, 'documents'> }) {
  if (expense.documents.length === 0) return <>None</>;
  return (
    <ul className="space-y-1">
      {expense.documents.map((doc, i) => (
        <li key={doc.id}>
          <a
            href={doc.url}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 rounded font-semibold text-brand-800 underline"
          >
            <FileText aria-hidden="true" className="h-4 w-4" />
            Document {i + 1} ({documentLabel(doc)})<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const upperFirst = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The expense's facts as a description list (private: the payee and documents are for the owner and admins). */
export function ExpenseFacts({ expense }: { expense: Expense }) {
  const groupLabel = useCostGroupLabel();
  const reasonTerm = expense.status === 'on_hold' ? 'Why it is on hold' : 'Why it was not approved';
  return (
    <dl className="mt-3 space-y-2 text-sm">
      <Row term="Paid from">{upperFirst(campaignFor(expense))}</Row>
      <Row term="Cost group">{groupLabel(expense.costGroup, expense.fundraiserTitle !== null)}</Row>
      <Row term="Payee">
        {expense.payee} <span className="text-slate-600">({expense.payeeCategory})</span>
      </Row>
      <Row term="Amount">
        <ExpenseAmount expense={expense} />
      </Row>
      <Row term="What it paid for">
        <span className="whitespace-pre-line">{expense.description}</span>
      </Row>
      <Row term="On the public ledger">
        {expense.publicDescription ? (
          <span className="whitespace-pre-line">{expense.publicDescription}</span>
        ) : (
          <span className="text-slate-600">No description (only the cost group and kind of payee)</span>
        )}
      </Row>
      <Row term="Date of the expense">{formatDay(expense.incurredOn)}</Row>
      <Row term="Submitted">
        {formatDay(expense.createdAt)}
        {expense.submittedBy && ` by ${expense.submittedBy.name}`}
      </Row>
      <Row term="Approvals">
        <span data-testid="expense-approvals">{approvalsText(expense)}</span>
        {expense.approvals.length > 0 && (
          <span className="text-slate-600">
            {' '}
            ({expense.approvals.map((a) => `${a.approverName}, ${formatDay(a.at)}`).join('; ')})
          </span>
        )}
      </Row>
      <Row term="Documents">
        <DocumentLinks expense={expense} />
      </Row>
      {expense.statusReason && (expense.status === 'rejected' || expense.status === 'on_hold') && (
        <Row term={reasonTerm}>
          <span className="whitespace-pre-line" data-testid="expense-reason">
            {expense.statusReason}
          </span>
        </Row>
      )}
      {expense.release && (
        <Row term="Paid">
          <span data-testid="expense-release">
            {formatDay(expense.release.paidOn)} by {expense.release.method}
            {expense.release.reference && `, reference ${expense.release.reference}`} (recorded by{' '}
            {expense.release.releasedByName})
          </span>
        </Row>
      )}
    </dl>
  );
}

/** An expense's heading line: payee and amount, with its status. */
export function ExpenseHeading({ expense, id }: { expense: Expense; id: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <h3 id={id} className="text-lg font-semibold text-ink">
        {expense.payee}: <ExpenseAmount expense={expense} />
      </h3>
      <StatusBadge status={expense.status} />
    </div>
  );
}

/** Buttons choosing which expenses to list; `allLabel` names the unfiltered choice. */
export function StatusFilter({
  label,
  allLabel,
  value,
  statuses,
  labels,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: Expense['status'] | undefined;
  statuses: readonly Expense['status'][];
  labels: Record<Expense['status'], string>;
  onChange: (status: Expense['status'] | undefined) => void;
}) {
  const choices = [{ value: undefined, label: allLabel }, ...statuses.map((s) => ({ value: s, label: labels[s] }))];
  return <ChoiceButtons label={label} value={value} choices={choices} onChange={onChange} />;
}
