/** "Withdraw" on the requester's dashboard: takes back a pending jam request after a confirmation. */
import { useState } from 'react';
import type { IslandMessages } from '#i18n/island';
import { translated, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { reloadWithToast } from '#client/reload-with-toast';
import { reportFailure } from '#client/report-failure';
import { ConfirmDialog } from './ui/ConfirmDialog';
import { useHydrated } from './ui/use-hydrated';

interface Props {
  messages: IslandMessages;
  id: number;
  name: string;
}

export default translated(WithdrawJamRequest);

function WithdrawJamRequest({ id, name }: Omit<Props, 'messages'>) {
  const t = useT();
  // Until React has taken over, a click would be lost: the button waits (use-hydrated.ts).
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);

  async function withdraw() {
    try {
      await api(`/jam-requests/${id}`, { method: 'DELETE' });
      setOpen(false);
      reloadWithToast(t('jamRequest.withdrawn'));
    } catch (error) {
      setOpen(false);
      reportFailure(t('jamRequest.withdrawFailed'), error);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button"
        aria-label={t('jamRequest.withdrawLabel', { name })}
        onClick={() => setOpen(true)}
        disabled={!hydrated}
      >
        {t('jamRequest.withdraw')}
      </button>
      <ConfirmDialog
        open={open}
        danger
        title={t('jamRequest.withdrawTitle')}
        message={t('jamRequest.withdrawMessage', { name })}
        confirmLabel={t('jamRequest.withdraw')}
        onConfirm={withdraw}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
