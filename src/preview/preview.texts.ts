/**
 * The panel's texts. The preview file is built once for every market and staff read English,
 * so these are the English labels and messages of SPEC §8 and §9 verbatim, not t() keys.
 * Texts the spec does not give (field labels, buttons) follow the same voice.
 */
export const TEXT = {
  title: 'Preview settings',
  open: 'Set preview settings',
  logout: 'Logout',
  abTitle: 'A/B Test settings',
  testName: 'Name',
  group: 'Group',
  selectTest: 'Select an A/B test',
  selectGroup: 'Select a group',
  none: 'None',
  required: 'Required',
  missingGroup: 'Please also select an A/B test group!',
  loadingTests: 'Loading tests...',
  noTests: 'No active tests for this date.',
  testsFound: 'Active tests found.',
  testsFailed: 'Failed to fetch AB tests.',
  applied: 'Settings applied successfully.',
  applyFailed: 'Applying settings failed.',
  date: 'Date',
  time: 'Time',
  dateFormat: 'YYYY-MM-DD',
  timeFormat: 'HH:MM',
  apply: 'Apply',
  close: 'Close',
  loading: 'Loading',
  current: 'Current preview',
  live: 'live (no preview date)',
  test: 'A/B test',
} as const
