/** The Users page's Privacy tab, en-US (keys prefixed 'privacy.'; decisions BOF-55, BOF-57). */
export const privacyEnUS = {
  'users.tab.privacy': 'Privacy',
  'privacy.retention.title': 'How long records are kept',
  'privacy.retention.help':
    'After these periods the server takes the patients’ names off completed visits (the visits stay for the averages), deletes the stored feed messages, and deletes audit events.',
  'privacy.retention.visitNames': 'Names of completed visits (days)',
  'privacy.retention.feedMessages': 'Stored feed messages (days)',
  'privacy.retention.audit': 'Audit events (years)',
  'privacy.retention.save': 'Save the periods',
  'privacy.retention.saved': 'The retention periods are saved.',
  'privacy.export.title': 'Export the audit log',
  'privacy.export.help':
    'Every audit event from the first day to the last, both included (UTC), oldest first.',
  'privacy.export.from': 'From',
  'privacy.export.to': 'To',
  'privacy.export.format': 'Format',
  'privacy.export.csv': 'CSV (spreadsheet)',
  'privacy.export.jsonl': 'JSON lines',
  'privacy.export.download': 'Download',
  'privacy.export.done': 'The export is downloaded.',
} as const;
