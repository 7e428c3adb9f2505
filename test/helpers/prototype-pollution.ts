/**
 * What a host page's legacy query parser writes into Object.prototype from
 * `?__proto__[baseURL]=https://evil.example&…` (jquery-deparam, jQuery BBQ, purl, mootools-more;
 * CVE-2021-20088): redaxios' options, the API client's own options, fetch's init members and a
 * header name. The tests of issue 42, item 1 pollute with all of it (client.test.ts,
 * test/browser/prototype-pollution.spec.ts).
 */
export const POLLUTION: Record<string, unknown> = {
  baseURL: 'https://evil.example',
  url: 'https://evil.example/url',
  params: { leak: '1' },
  withCredentials: 'true',
  auth: 'Basic ZXZpbA==',
  data: { stolen: '1' },
  headers: { 'x-polluted': '1' },
  'x-evil-header': 'evil',
  responseType: 'stream',
  apiKey: { header: 'x-api-key', value: 'evil' },
  accessToken: 'evil',
  cache: 'force-cache',
  credentials: 'include',
  mode: 'no-cors',
  referrer: 'https://evil.example/',
  referrerPolicy: 'unsafe-url',
  keepalive: 'true',
  integrity: 'sha256-evil',
}
