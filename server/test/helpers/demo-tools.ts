/** The contract server's demo tools, each as [method, path, form body], for tests of who may use them. */
export const DEMO_TOOLS: [string, string, string?][] = [
  ['GET', '/_mail/'],
  ['GET', '/_mail/outbox.json'],
  ['GET', '/_staff/'],
  ['POST', '/_staff/', 'cookie=StaffAuthToken'],
  ['GET', '/_fault'],
  ['POST', '/_fault', 'set=500'],
]
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
