import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The web layering of DESIGN §6 rule 3 is enforced by `npm run lint` (eslint.config.js): each rule
 * fires on a bad import, and the imports the design allows stay quiet. Real paths under
 * apps/web/src, so the rules' zones and the TypeScript resolver apply as in a real lint run.
 */
const WEB_SRC = import.meta.dirname;
const REPO_ROOT = path.resolve(WEB_SRC, '../../..');
const RESTRICTED = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

/** The import rules' findings for `code` written at `file` (relative to apps/web/src). */
async function importFindings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(WEB_SRC, file) });
  return result.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('web layering lint rules', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature’s internals', async () => {
    const findings = await importFindings('features/orders/probe.ts', "import { WalletPage } from '../wallet/desktop/wallet-page.tsx';\nexport { WalletPage };\n");
    expect(findings).toEqual([expect.stringContaining(RESTRICTED)]);
  });

  it('refuses a feature importing app/', async () => {
    const findings = await importFindings('features/auth/api/probe.ts', "import { goToLogin } from '../../../app/session.ts';\nexport { goToLogin };\n");
    expect(findings).toEqual([expect.stringContaining(RESTRICTED)]);
  });

  it('refuses lib/ importing a feature, even its api/', async () => {
    const findings = await importFindings('lib/probe.ts', "import { useWalletSummary } from '../features/wallet/api/wallet-api.ts';\nexport { useWalletSummary };\n");
    expect(findings).toEqual([expect.stringContaining(RESTRICTED)]);
  });

  it('refuses components/ importing app/ or a feature', async () => {
    expect(await importFindings('components/desktop/probe.ts', "import { router } from '../../app/router/router.tsx';\nexport { router };\n")).toEqual([
      expect.stringContaining(RESTRICTED),
    ]);
    expect(await importFindings('components/mobile/probe.ts', "import { useMe } from '../../features/auth/api/me.ts';\nexport { useMe };\n")).toEqual([
      expect.stringContaining(RESTRICTED),
    ]);
  });

  it('keeps the mall and the seller app apart: neither imports the other except the router starting the mall', async () => {
    expect(await importFindings('mall/pages/probe.ts', "import { useOrders } from '../../features/orders/api/orders-api.ts';\nexport { useOrders };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('mall/probe.ts', "import { goToLogin } from '../app/session.ts';\nexport { goToLogin };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('features/orders/desktop/probe.ts', "import { Stepper } from '../../../mall/components/stepper.tsx';\nexport { Stepper };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('lib/probe.ts', "import { mallHttp } from '../mall/api/buyer-session.ts';\nexport { mallHttp };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('mall/pages/probe.ts', "import { formatUsdt } from '../../lib/money-format.ts';\nexport { formatUsdt };\n")).toEqual([]);
    expect(await importFindings('app/router/probe.ts', "import { MallRoot } from '../../mall/mall-root.tsx';\nexport { MallRoot };\n")).toEqual([]);
  });

  it('keeps the operator console apart: no seller or mall code imports it, it imports neither (the desktop shell aside)', async () => {
    expect(await importFindings('features/wallet/desktop/probe.ts', "import { OpsRoot } from '../../../ops/ops-root.tsx';\nexport { OpsRoot };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('lib/probe.ts', "import { opsRequest } from '../ops/api/client.ts';\nexport { opsRequest };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('mall/probe.ts', "import { opsSessionStore } from '../ops/api/session.ts';\nexport { opsSessionStore };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('ops/probe.ts', "import { useOrders } from '../features/orders/api/orders-api.ts';\nexport { useOrders };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('ops/probe.ts', "import { goToLogin } from '../app/session.ts';\nexport { goToLogin };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('ops/probe.ts', "import { mallKeys } from '../mall/api/mall-api.ts';\nexport { mallKeys };\n")).toEqual([expect.stringContaining(RESTRICTED)]);
    expect(await importFindings('ops/probe.ts', "import { DesktopShell } from '../app/desktop/desktop-shell.tsx';\nexport { DesktopShell };\n")).toEqual([]);
    expect(await importFindings('ops/pages/probe.ts', "import { formatUsdt } from '../../lib/money-format.ts';\nexport { formatUsdt };\n")).toEqual([]);
    expect(await importFindings('app/router/probe.ts', "import { OpsRoot } from '../../ops/ops-root.tsx';\nexport { OpsRoot };\n")).toEqual([]);
  });

  it('lets the allowed imports through', async () => {
    const allowed: [string, string][] = [
      // A feature: its own folder, another feature's api/, lib/, components/, i18n/, shared.
      ['features/orders/desktop/probe.tsx', "import { useOrders } from '../api/orders-api.ts';\nexport { useOrders };\n"],
      ['features/orders/desktop/probe.tsx', "import { useWalletSummary } from '../../wallet/api/wallet-api.ts';\nexport { useWalletSummary };\n"],
      ['features/orders/desktop/probe.tsx', "import { http } from '../../../lib/http.ts';\nexport { http };\n"],
      ['features/orders/desktop/probe.tsx', "import { PageFrame } from '../../../components/desktop/page-frame.tsx';\nexport { PageFrame };\n"],
      ['features/orders/desktop/probe.tsx', "import { currentLanguage } from '../../../i18n/i18n.ts';\nexport { currentLanguage };\n"],
      ['features/orders/desktop/probe.tsx', "import { UI } from '@shopdesk/shared/constants';\nexport { UI };\n"],
      // app/ imports features; components/ import lib/.
      ['app/probe.ts', "import { WalletPage } from '../features/wallet/desktop/wallet-page.tsx';\nexport { WalletPage };\n"],
      ['components/desktop/probe.ts', "import { formatUsdt } from '../../lib/money-format.ts';\nexport { formatUsdt };\n"],
    ];
    for (const [file, code] of allowed) expect({ file, code, findings: await importFindings(file, code) }).toEqual({ file, code, findings: [] });
  });

  it('refuses antd-mobile’s ErrorBlock on the phone and lets the rest of antd-mobile through', async () => {
    const findings = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(WEB_SRC, 'features/orders/mobile/probe.tsx') });
      return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    };
    expect(await findings("import { Button, ErrorBlock } from 'antd-mobile';\nexport { Button, ErrorBlock };\n")).toEqual([expect.stringContaining('MobileErrorBlock')]);
    expect(await findings("import { Button, createErrorBlock } from 'antd-mobile';\nexport { Button, createErrorBlock };\n")).toEqual([]);
  });

  it("refuses antd's static dialogs and toasts and lets the app's bound ones through", async () => {
    const findings = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(WEB_SRC, 'features/users/desktop/probe.tsx') });
      return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
    };
    expect(await findings("import { Button, message } from 'antd';\nexport const tell = () => message.success('a');\nexport { Button };\n")).toEqual([expect.stringContaining("App.useApp()'s message")]);
    expect(await findings("import { App } from 'antd';\nexport function useTell() {\n  const { message } = App.useApp();\n  return () => message.success('a');\n}\n")).toEqual([]);
    expect(await findings("import { Modal } from 'antd';\nexport const ask = () => Modal.confirm({ title: 'a' });\n")).toEqual([expect.stringContaining('App.useApp()')]);
    expect(await findings("import { notification } from 'antd';\nexport const tell = () => notification.info({ message: 'a' });\n")).toEqual([expect.stringContaining('App.useApp()')]);
    expect(await findings("import type { ModalStaticFunctions } from 'antd/es/modal/confirm';\nexport const ask = (modal: Omit<ModalStaticFunctions, 'warn'>) => modal.confirm({ title: 'a' });\n")).toEqual([]);
  });

  describe('import cycles', () => {
    const dir = path.join(WEB_SRC, 'lib', `lint-probe-${process.pid}-${Date.now()}`);
    const a = path.join(dir, 'cycle-a.ts');
    const b = path.join(dir, 'cycle-b.ts');

    beforeAll(() => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(a, "import { b } from './cycle-b.ts';\n\nexport const a = (): number => b() + 1;\n");
      fs.writeFileSync(b, "import { a } from './cycle-a.ts';\n\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n");
    });

    afterAll(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('reports a cycle between two modules', async () => {
      const results = await eslint.lintFiles([a, b]);
      for (const result of results) {
        expect(result.messages.filter((m) => m.ruleId === CYCLE), path.basename(result.filePath)).toHaveLength(1);
      }
    });

    it('stays quiet once the cycle is broken', async () => {
      fs.writeFileSync(b, 'export const b = (): number => 0;\n');
      const results = await eslint.lintFiles([a, b]);
      expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === CYCLE))).toEqual([]);
    });
  });
});
