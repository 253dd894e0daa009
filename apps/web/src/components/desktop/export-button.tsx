import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { downloadExport } from '../api/authorized-fetch.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';
import { errorText } from '../api/wallet-api.ts';
import { useWalletFormat } from '../components/use-wallet-format.ts';

/** Downloads the CSV of the filtered rows (all pages), with the session header. */
export function ExportButton({ path, params, fileName, disabled }: { path: string; params: Record<string, string | number | undefined>; fileName: string; disabled?: boolean }) {
  const { t } = useWalletFormat();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport(path, { tzOffset: tzOffsetMinutes(), ...params }, fileName);
    } catch (error) {
      void message.error(errorText(error, t('export.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void run()} data-testid="export-csv">
      {t('actions.export')}
    </Button>
  );
}
