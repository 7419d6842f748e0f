import Box from '@mui/material/Box';

/** The product mark: three linked stations of a chain (same drawing as /logo.svg). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path
        d="M16 44 L32 20 L48 44"
        fill="none"
        stroke="#bfdbfe"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M16 44 H48" fill="none" stroke="#bfdbfe" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="20" r="7" fill="#f59e0b" />
      <circle cx="16" cy="44" r="7" fill="#ffffff" />
      <circle cx="48" cy="44" r="7" fill="#ffffff" />
    </Box>
  );
}
