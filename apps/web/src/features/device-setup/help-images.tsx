/** Small drawings of where the browser asks for the camera and microphone (desktop and phone). */
export function DesktopHelp() {
  return (
    <svg
      viewBox="0 0 240 140"
      width="240"
      height="140"
      role="img"
      aria-label="Desktop: click Allow in the prompt under the address bar"
    >
      <rect x="1" y="1" width="238" height="138" rx="6" fill="#fff" stroke="#555" />
      <rect x="1" y="1" width="238" height="22" rx="6" fill="#e8e6f0" stroke="#555" />
      <rect x="30" y="6" width="180" height="12" rx="6" fill="#fff" stroke="#999" />
      <circle cx="40" cy="12" r="3.5" fill="#6a1b9a" />
      <rect x="22" y="28" width="150" height="66" rx="4" fill="#fff" stroke="#6a1b9a" strokeWidth="2" />
      <text x="30" y="44" fontSize="10" fill="#222">
        Use your camera and
      </text>
      <text x="30" y="56" fontSize="10" fill="#222">
        microphone?
      </text>
      <rect x="30" y="68" width="58" height="18" rx="3" fill="#6a1b9a" />
      <text x="44" y="81" fontSize="10" fill="#fff">
        Allow
      </text>
      <rect x="96" y="68" width="64" height="18" rx="3" fill="#fff" stroke="#999" />
      <text x="104" y="81" fontSize="10" fill="#222">
        Block
      </text>
      <path d="M70 120 L62 96 L80 108 Z" fill="#6a1b9a" />
    </svg>
  );
}

export function MobileHelp() {
  return (
    <svg viewBox="0 0 120 200" width="120" height="200" role="img" aria-label="Phone: tap Allow in the prompt">
      <rect x="2" y="2" width="116" height="196" rx="14" fill="#fff" stroke="#555" strokeWidth="2" />
      <rect x="10" y="16" width="100" height="12" rx="6" fill="#e8e6f0" />
      <rect x="10" y="120" width="100" height="66" rx="6" fill="#fff" stroke="#6a1b9a" strokeWidth="2" />
      <text x="16" y="136" fontSize="9" fill="#222">
        Allow camera and
      </text>
      <text x="16" y="147" fontSize="9" fill="#222">
        microphone?
      </text>
      <rect x="16" y="156" width="40" height="18" rx="3" fill="#6a1b9a" />
      <text x="23" y="169" fontSize="9" fill="#fff">
        Allow
      </text>
      <rect x="62" y="156" width="40" height="18" rx="3" fill="#fff" stroke="#999" />
      <text x="69" y="169" fontSize="9" fill="#222">
        Block
      </text>
    </svg>
  );
}
