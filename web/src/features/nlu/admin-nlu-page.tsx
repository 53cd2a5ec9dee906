import { NLU_IMPORT_COLUMNS, type NluCutoff, type NluImportResult } from '@app/common/schemas/nlu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { roundKey, uploadCutoffs, useDeleteRound, useNluCutoffs } from './api/nlu.ts';
import { CalendarEditor } from './components/calendar-editor.tsx';

// /admin/nlu (docs/product-admissions-desk.md, "NLU counselling helper"): the cut-offs the public NLU
// helper shows. A CSV is checked first (dry run: every row's verdict and the rounds it replaces), then
// imported; each round the file holds replaces the stored one whole. A round is deleted after a confirmation.

type Row = NluImportResult['rows'][number];
type Round = { year: number; round: string; rows: number };

const statusBadge = (r: Row) => <Badge tone={r.status === 'ok' ? 'green' : 'red'}>{r.status === 'ok' ? 'OK' : 'Error'}</Badge>;
const rowColumns: Column<Row>[] = [
  { header: 'Row', cell: (r) => r.row, hideInCard: true },
  { header: 'Status', cell: statusBadge, hideInCard: true },
  { header: 'Message', cell: (r) => r.message },
];
const cutoffColumns: Column<NluCutoff>[] = [
  { header: 'NLU', cell: (c) => c.nlu, rowHeader: true, hideInCard: true },
  { header: 'Category', cell: (c) => c.category },
  { header: 'Quota', cell: (c) => c.quota },
  { header: 'Closing rank', cell: (c) => c.closingRank.toLocaleString('en-IN') },
];

export default function AdminNluPage() {
  return (
    <AdminPage title="NLU Cut-offs">
      <ImportPanel />
      <RoundsPanel />
      <CalendarEditor />
    </AdminPage>
  );
}

function ImportPanel() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<NluImportResult | null>(null);
  const [done, setDone] = useState<NluImportResult | null>(null);
  const qc = useQueryClient();
  const dryRun = useMutation({
    mutationFn: (f: File) => uploadCutoffs(f, true),
    onSuccess: (r) => {
      setChecked(r);
      setDone(null);
    },
  });
  const run = useMutation({
    mutationFn: (f: File) => uploadCutoffs(f, false),
    onSuccess: (r) => {
      setDone(r);
      toast.success(`${r.imported} cut-off${r.imported === 1 ? '' : 's'} imported`);
      return qc.invalidateQueries({ queryKey: ['nlu'] });
    },
  });
  const error = dryRun.error ?? run.error;
  const rows = done?.rows ?? checked?.rows ?? [];
  const shownRows = rows.filter((r) => r.status === 'error').length ? rows.filter((r) => r.status === 'error') : rows;
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-800">Import a CSV</h2>
      <p className="mt-1 text-sm text-slate-700">
        One row per closing rank, with the columns <code>{NLU_IMPORT_COLUMNS.join(', ')}</code>: e.g.{' '}
        <code>2025, Round 1, NLSIU Bengaluru, General, All India, 110</code>. Categories: General, EWS, OBC-NCL, SC, ST, PwD. Quota: All
        India or a state's domicile quota, e.g. West Bengal domicile. Enter the official allotment data you trust: the public page names the
        year and round. Each year and round in the file replaces what is stored for it.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="text-sm"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setChecked(null);
              setDone(null);
              dryRun.reset();
              run.reset();
            }}
          />
        </div>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!file || dryRun.isPending}
          onClick={() => file && dryRun.mutate(file)}
        >
          {dryRun.isPending ? 'Checking...' : 'Check file'}
        </button>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={!file || !checked || checked.errors > 0 || run.isPending || done !== null}
          onClick={() => file && run.mutate(file)}
        >
          <Upload aria-hidden="true" className="h-4 w-4" /> {run.isPending ? 'Importing...' : `Import${checked ? ` ${checked.ok}` : ''}`}
        </button>
      </div>
      {error && (
        <div className="mt-4">
          <FormAlert>
            {error instanceof ApiError && error.fields?.file ? error.fields.file : errorMessage(error, 'Could not read the file.')}
          </FormAlert>
        </div>
      )}
      {checked && !done && (
        <div className="mt-4 text-sm" aria-live="polite">
          <p className="font-medium">
            {checked.ok} row{checked.ok === 1 ? '' : 's'} ready, {checked.errors} with an error
            {checked.errors > 0 ? ': correct them and check the file again (nothing is imported while a row has an error).' : '.'}
          </p>
          {checked.rounds.length > 0 && (
            <ul className="mt-2 list-inside list-disc text-slate-700">
              {checked.rounds.map((r) => (
                <li key={roundKey(r)}>
                  {r.year}, {r.round}: {r.rows} row{r.rows === 1 ? '' : 's'}
                  {r.replaces ? `, replacing the ${r.replaces} stored` : ', new'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {done && (
        <div className="mt-4">
          <FormAlert tone="success">
            {done.imported} imported into {done.rounds.map((r) => `${r.year}, ${r.round}`).join('; ')}.
          </FormAlert>
        </div>
      )}
      {shownRows.length > 0 && !done && (
        <div className="mt-4">
          <DataTable
            rows={shownRows}
            rowKey={(r) => String(r.row)}
            columns={rowColumns}
            caption="Rows of the file"
            cardTitle={(r) => <p className="font-semibold text-slate-900">Row {r.row}</p>}
            cardBadge={statusBadge}
          />
        </div>
      )}
    </div>
  );
}

function RoundsPanel() {
  const [shown, setShown] = useState<Round | null>(null);
  const all = useNluCutoffs({});
  const one = useNluCutoffs(shown ? { year: shown.year, round: shown.round } : null);
  const del = useDeleteRound();
  const confirm = useConfirmDelete<Round, { deleted: number; message: string }>({
    mutation: del,
    idOf: roundKey,
    title: 'Delete this round?',
    message: (r) => `Every cut-off of ${r.year}, ${r.round} (${r.rows} rows) is deleted, and the public page stops showing them.`,
    deleted: (a) => a.message,
    failed: 'Could not delete the round.',
    closeOnError: true,
  });
  return (
    <div className="mt-6 rounded-xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-800">Stored years and rounds</h2>
      <QueryState
        query={all}
        compact
        errorText="Could not load the stored cut-offs."
        isEmpty={(d) => d.rounds.length === 0}
        empty="No cut-offs are stored: the public page says so."
      >
        {(d) => (
          <ul className="mt-3 divide-y divide-slate-100">
            {d.rounds.map((r) => (
              <li key={roundKey(r)} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{r.year}</span>, {r.round}{' '}
                  <span className="text-sm text-slate-600">
                    ({r.rows} row{r.rows === 1 ? '' : 's'})
                  </span>
                  {/sample/i.test(r.round) && (
                    <span className="ml-2">
                      <Badge tone="amber">Sample data</Badge>
                    </span>
                  )}
                </span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    aria-pressed={shown !== null && roundKey(shown) === roundKey(r)}
                    onClick={() => setShown(shown && roundKey(shown) === roundKey(r) ? null : r)}
                  >
                    {shown && roundKey(shown) === roundKey(r) ? 'Hide' : 'View'}
                  </button>
                  <button
                    type="button"
                    className={buttonClass.danger}
                    disabled={confirm.busyId === roundKey(r)}
                    onClick={() => confirm.ask(r)}
                    aria-label={`Delete ${r.year}, ${r.round}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {shown && one.data && (
        <div className="mt-4">
          <h3 className="mb-2 font-semibold text-slate-800">
            {shown.year}, {shown.round}
          </h3>
          <DataTable
            rows={one.data.cutoffs}
            rowKey={(c) => `${c.nlu}|${c.category}|${c.quota}`}
            columns={cutoffColumns}
            caption={`Cut-offs of ${shown.year}, ${shown.round}`}
            cardTitle={(c) => <p className="font-semibold text-slate-900">{c.nlu}</p>}
          />
        </div>
      )}
      {confirm.dialog}
    </div>
  );
}
