// The player's icons (issue 15): inline SVG in the text colour, hidden from assistive technology (the buttons carry
// the names). Emoji were not used: some systems draw them as empty boxes.
import type { ReactNode } from "react";

function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg className="player__icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={size} height={size} fill="currentColor">
      {children}
    </svg>
  );
}

export const PlayIcon = () => (
  <Icon>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.96-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </Icon>
);

export const VolumeIcon = () => (
  <Icon>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6a1 1 0 0 0 1.7-.77V5.67a1 1 0 0 0-1.7-.77L8 8.5H5a1 1 0 0 0-1 1Z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M18.8 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </Icon>
);

export const MutedIcon = () => (
  <Icon>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6a1 1 0 0 0 1.7-.77V5.67a1 1 0 0 0-1.7-.77L8 8.5H5a1 1 0 0 0-1 1Z" />
    <path d="m16.5 9.5 5 5m0-5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </Icon>
);

/** A circular arrow with the step's seconds in it; `forward` mirrors the arrow. */
export function SeekIcon({ seconds, forward = false }: { seconds: number; forward?: boolean }) {
  return (
    <Icon>
      <g transform={forward ? "matrix(-1 0 0 1 24 0)" : undefined} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4.6 9A8 8 0 1 1 4 12" />
        <path d="M4 4.5V9h4.5" />
      </g>
      <text x="12" y="15.6" textAnchor="middle" fontSize="8.5" fontWeight="700" fontFamily="system-ui, sans-serif">
        {seconds}
      </text>
    </Icon>
  );
}

export const FullscreenIcon = () => (
  <Icon>
    <path d="M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </Icon>
);

export const ExitFullscreenIcon = () => (
  <Icon>
    <path d="M9 4v4a1 1 0 0 1-1 1H4M20 9h-4a1 1 0 0 1-1-1V4M15 20v-4a1 1 0 0 1 1-1h4M4 15h4a1 1 0 0 1 1 1v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </Icon>
);

export const PipIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
    <rect x="12" y="11" width="7" height="6" rx="1" />
  </Icon>
);

export const CaptionsIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M10.5 10.2a2.2 2.2 0 1 0 0 3.6M17 10.2a2.2 2.2 0 1 0 0 3.6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </Icon>
);

export const SettingsIcon = () => (
  <Icon>
    <path
      fillRule="evenodd"
      d="M10.3 2.6a1 1 0 0 1 1-.6h1.4a1 1 0 0 1 1 .6l.6 1.9 1.3.7 1.9-.6a1 1 0 0 1 1.1.3l1 1a1 1 0 0 1 .3 1.1l-.6 1.9.7 1.3 1.9.6a1 1 0 0 1 .6 1v1.4a1 1 0 0 1-.6 1l-1.9.6-.7 1.3.6 1.9a1 1 0 0 1-.3 1.1l-1 1a1 1 0 0 1-1.1.3l-1.9-.6-1.3.7-.6 1.9a1 1 0 0 1-1 .6h-1.4a1 1 0 0 1-1-.6l-.6-1.9-1.3-.7-1.9.6a1 1 0 0 1-1.1-.3l-1-1a1 1 0 0 1-.3-1.1l.6-1.9-.7-1.3-1.9-.6a1 1 0 0 1-.6-1v-1.4a1 1 0 0 1 .6-1l1.9-.6.7-1.3-.6-1.9a1 1 0 0 1 .3-1.1l1-1a1 1 0 0 1 1.1-.3l1.9.6 1.3-.7.6-1.9ZM12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z"
    />
  </Icon>
);

export const CastIcon = () => (
  <Icon>
    <path d="M3 17.5a3.5 3.5 0 0 1 3.5 3.5M3 13.5a7.5 7.5 0 0 1 7.5 7.5M3 9.6V6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4.6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    <circle cx="3.6" cy="20.4" r="1.2" />
  </Icon>
);

/** The live dot (red when at the live edge, by CSS). */
export const LiveDot = () => (
  <svg className="player__live-dot" aria-hidden="true" focusable="false" viewBox="0 0 10 10" width="10" height="10">
    <circle cx="5" cy="5" r="5" fill="currentColor" />
  </svg>
);
