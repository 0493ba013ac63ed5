/** The development page's island: every shared component, with sample data, to try by hand and in e2e tests. */
import { useState } from 'react';
import { translated } from '#i18n/react';
import { pushToast } from '#stores/toasts';
import { finishProgress, startProgress } from '#stores/progress';
import { ConfirmDialog } from './ui/ConfirmDialog';
import { Dropdown } from './ui/Dropdown';
import { Modal } from './ui/Modal';
import { Spinner } from './ui/Spinner';
import { type DataTableColumn, DataTable } from './ui/table/DataTable';

interface SampleRow {
  name: string;
  team: string;
  entries: number;
  score: number;
  share: number;
  startsAt: string;
  open: boolean;
}

const TEAMS = ['Red', 'Green', 'Blue'];
const NAMES = ['Orbit', 'Maze', 'Pixel', 'Rocket', 'Garden', 'Castle', 'River', 'Comet', 'Forest', 'Robot', 'Island', 'Dragon'];

/** 57 rows: more than five pages of ten, with ties to show multi-column sorting. */
const SAMPLE_ROWS: SampleRow[] = Array.from({ length: 57 }, (_, i) => ({
  name: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`,
  team: TEAMS[i % TEAMS.length]!,
  entries: (i * 7) % 13,
  score: Math.round(((i * 37) % 100) * 1.5) / 10,
  share: ((i * 11) % 100) / 100,
  startsAt: new Date(Date.UTC(2025, 0, 1 + ((i * 5) % 60))).toISOString(),
  open: i % 4 !== 0,
}));

const COLUMNS: DataTableColumn<SampleRow>[] = [
  { label: 'Name', field: 'name', filterOptions: { enabled: true, placeholder: 'Filter names' } },
  { label: 'Team', field: 'team', filterOptions: { enabled: true, filterDropdownItems: TEAMS } },
  { label: 'Entries', field: 'entries', type: 'number' },
  { label: 'Score', field: 'score', type: 'decimal' },
  { label: 'Share', field: 'share', type: 'percentage', globalSearchDisabled: true },
  { label: 'Starts', field: 'startsAt', type: 'date', globalSearchDisabled: true },
  { label: 'Open', field: 'open', type: 'boolean', sortable: false },
  { label: 'Secret', field: () => 'hidden value', id: 'secret', hidden: true },
];

export default translated(Demo);

function Demo() {
  const [modalOpen, setModalOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [tableState, setTableState] = useState<'rows' | 'empty' | 'loading'>('rows');
  const toast =
    (type: 'default' | 'success' | 'warning' | 'error', extra = {}) =>
    () =>
      pushToast({ type, content: { message: `Notification of type ${type}` }, ...extra });

  return (
    <div className="prose demo">
      <h2>Toasts</h2>
      <div className="actions">
        <button type="button" className="button" onClick={toast('default')}>
          Default toast
        </button>
        <button type="button" className="button" onClick={toast('success')}>
          Success toast
        </button>
        <button type="button" className="button" onClick={toast('warning')}>
          Warning toast
        </button>
        <button type="button" className="button" onClick={toast('error')}>
          Error toast
        </button>
        <button
          type="button"
          className="button"
          onClick={() => pushToast({ content: { message: 'Working on it', loading: true }, disableTimeout: true })}
        >
          Loading toast without timeout
        </button>
      </div>

      <h2>Progress bar</h2>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            startProgress();
            setTimeout(() => finishProgress(true), 1500);
          }}
        >
          Slow success
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            startProgress();
            setTimeout(() => finishProgress(false), 800);
          }}
        >
          Failure
        </button>
      </div>

      <h2>Modal, confirmation and dropdown</h2>
      <div className="actions">
        <button type="button" className="button" onClick={() => setModalOpen(true)}>
          Open modal
        </button>
        <button type="button" className="button" onClick={() => setConfirmOpen(true)}>
          Delete something
        </button>
        <Dropdown
          label="Choose"
          items={[
            { label: 'First choice', onSelect: () => pushToast({ content: { message: 'First choice chosen' } }) },
            { label: 'Unavailable choice', disabled: true },
            { label: 'Explore jams', href: '/explore' },
          ]}
        />
      </div>
      <Modal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        header="A modal"
        subHeader="With a sub-header"
        actions={
          <button type="button" className="button primary" onClick={() => setModalOpen(false)}>
            Done
          </button>
        }
      >
        <p>Clicking the overlay or pressing Escape closes it; Tab stays inside.</p>
        <label>
          A field <input type="text" />
        </label>
      </Modal>
      <ConfirmDialog
        open={confirmOpen}
        title="Delete something?"
        message="This cannot be undone."
        danger
        confirmLabel="Delete"
        onCancel={() => setConfirmOpen(false)}
        onConfirm={async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          setConfirmOpen(false);
          pushToast({ type: 'success', content: { message: 'Deleted' } });
        }}
      />

      <h2>Spinner</h2>
      <p>
        <Spinner />
      </p>

      <h2>Data table</h2>
      <div className="actions">
        <button type="button" className="button" onClick={() => setTableState('rows')}>
          Sample rows
        </button>
        <button type="button" className="button" onClick={() => setTableState('empty')}>
          No rows
        </button>
        <button type="button" className="button" onClick={() => setTableState('loading')}>
          Loading
        </button>
      </div>
      <DataTable
        caption="Sample jams"
        rows={tableState === 'rows' ? SAMPLE_ROWS : []}
        loading={tableState === 'loading'}
        columns={COLUMNS}
      />
    </div>
  );
}
