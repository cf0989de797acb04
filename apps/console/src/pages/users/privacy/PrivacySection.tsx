import { AuditExport } from './AuditExport.tsx';
import { RetentionSettings } from './RetentionSettings.tsx';

/** The Users page's Privacy tab, for the customer's admins: retention and the audit export (BOF-55, BOF-57). */
export function PrivacySection() {
  return (
    <>
      <RetentionSettings />
      <AuditExport />
    </>
  );
}
