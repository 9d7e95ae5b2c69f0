/** Browser and device from a User-Agent, for the Ongoing Tests row and the sign-in event. */
export function describeUserAgent(ua: string | null | undefined): { browser: string; device: string } {
  if (!ua) return { browser: 'Unknown', device: 'Unknown' };
  const pick = (re: RegExp) => re.exec(ua)?.[1];
  let browser = 'Other';
  const edge = pick(/Edg\/(\d+)/);
  const firefox = pick(/Firefox\/(\d+)/);
  const chrome = pick(/(?:Chrome|Chromium)\/(\d+)/);
  const safari = pick(/Version\/(\d+)[^ ]* .*Safari\//);
  if (edge) browser = `Edge ${edge}`;
  else if (firefox) browser = `Firefox ${firefox}`;
  else if (chrome) browser = `Chrome ${chrome}`;
  else if (safari) browser = `Safari ${safari}`;
  let os = 'Other';
  if (/Android/.test(ua)) os = 'Android';
  else if (/iPhone|iPad|iPod/.test(ua)) os = 'iOS';
  else if (/Windows/.test(ua)) os = 'Windows';
  else if (/Mac OS X|Macintosh/.test(ua)) os = 'Mac';
  else if (/Linux|X11/.test(ua)) os = 'Linux';
  const mobile = /Mobi|Android|iPhone|iPad/.test(ua);
  return { browser, device: `${mobile ? 'Mobile' : 'Desktop'} (${os})` };
}
