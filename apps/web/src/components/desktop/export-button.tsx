import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText, type Params } from '../../lib/http.ts';
import { downloadFile, saveBlob } from '../../lib/file-download.ts';
import { tzOffsetMinutes } from '../../lib/time-zone.ts';

/** Downloads the CSV of the filtered rows (all pages), with the session header. */
export function ExportButton({ path, params, fileName, disabled }: { path: string; params: Params; fileName: string; disabled?: boolean }) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await downloadFile(path, { tzOffset: tzOffsetMinutes(), ...params }, { silent: true });
      saveBlob(file.blob, file.fileName ?? fileName);
    } catch (error) {
      void message.error(errorText(error, t('export.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} disabled={disabled} onClick={() => void run()} data-testid="export-csv">
      {t('actions.export')}
    </Button>
  );
}
