// A small user-agent reader for statistics and the legacy-browser warning; enough for the
// browsers the spec names, nothing more (a library would cost more bytes than it saves).

interface BrowserInfo { name: string; version: string }
interface DeviceInfo { model: string; type: 'Desktop' | 'Mobile' | 'Tablet'; vendor: string }
interface OsInfo { name: string; version: string }
export interface VisitorEnvironment { browserInfo: BrowserInfo; deviceInfo: DeviceInfo; osInfo: OsInfo }

const version = (ua: string, pattern: RegExp) => pattern.exec(ua)?.[1]?.replace(/_/g, '.') ?? '';

function browserOf(ua: string): BrowserInfo {
  if (/Trident\/|MSIE /.test(ua)) return { name: 'IE', version: version(ua, /(?:MSIE |rv:)(\d+(?:\.\d+)?)/) };
  if (/Edg(?:e|A|iOS)?\//.test(ua)) return { name: 'Edge', version: version(ua, /Edg(?:e|A|iOS)?\/(\d+(?:\.\d+)*)/) };
  if (/SamsungBrowser\//.test(ua)) return { name: 'Samsung Internet', version: version(ua, /SamsungBrowser\/(\d+(?:\.\d+)*)/) };
  if (/Firefox\/|FxiOS\//.test(ua)) return { name: 'Firefox', version: version(ua, /(?:Firefox|FxiOS)\/(\d+(?:\.\d+)*)/) };
  if (/Chrome\/|CriOS\//.test(ua)) return { name: 'Chrome', version: version(ua, /(?:Chrome|CriOS)\/(\d+(?:\.\d+)*)/) };
  if (/Safari\//.test(ua)) return { name: 'Safari', version: version(ua, /Version\/(\d+(?:\.\d+)*)/) };
  return { name: 'Unknown', version: '' };
}

function osOf(ua: string): OsInfo {
  if (/Windows NT/.test(ua)) return { name: 'Windows', version: version(ua, /Windows NT (\d+(?:\.\d+)?)/) };
  if (/iPhone|iPad|iPod/.test(ua)) return { name: 'iOS', version: version(ua, /OS (\d+(?:_\d+)*)/) };
  if (/Android/.test(ua)) return { name: 'Android', version: version(ua, /Android (\d+(?:\.\d+)*)/) };
  if (/Mac OS X/.test(ua)) return { name: 'macOS', version: version(ua, /Mac OS X (\d+(?:[._]\d+)*)/) };
  if (/CrOS/.test(ua)) return { name: 'ChromeOS', version: '' };
  if (/Linux/.test(ua)) return { name: 'Linux', version: '' };
  return { name: 'Unknown', version: '' };
}

function deviceOf(ua: string): DeviceInfo {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return { model: /iPad/.test(ua) ? 'iPad' : '', type: 'Tablet', vendor: /iPad/.test(ua) ? 'Apple' : '' };
  if (/iPhone/.test(ua)) return { model: 'iPhone', type: 'Mobile', vendor: 'Apple' };
  if (/Mobile|Android/.test(ua)) return { model: version(ua, /Android [\d.]+; ([^;)]+)/), type: 'Mobile', vendor: /SM-|Samsung/i.test(ua) ? 'Samsung' : '' };
  return { model: '', type: 'Desktop', vendor: '' };
}

/** The visitor environment of spec 3 from a user-agent string. */
export function parseUserAgent(ua: string): VisitorEnvironment {
  const text = ua.slice(0, 1024);
  return { browserInfo: browserOf(text), deviceInfo: deviceOf(text), osInfo: osOf(text) };
}

/** The user agents mobileOs names (the bottom sheet's island wakes at once only for them). */
export const MOBILE_OS_AGENTS = 'Android|iPhone|iPad|iPod';

/** The mobile OS for the bottom sheet, if any. */
export function mobileOs(ua: string): 'android' | 'ios' | null {
  if (/Android/.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/.test(ua)) return 'ios';
  return null;
}
