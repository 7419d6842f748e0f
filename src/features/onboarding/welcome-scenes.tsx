/**
 * The pictures of the welcome tour, drawn from the app's own icons and shapes (no recorded
 * video: they follow the theme and need no translation, the captions say what they show). They
 * move gently; with reduced motion asked for, they stand still.
 */
import AddIcon from '@mui/icons-material/Add';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DomainIcon from '@mui/icons-material/Domain';
import FactoryIcon from '@mui/icons-material/Factory';
import GroupsIcon from '@mui/icons-material/Groups';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LockIcon from '@mui/icons-material/Lock';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import SportsBarIcon from '@mui/icons-material/SportsBar';
import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import type { ReactNode } from 'react';
import type { WelcomeStep } from '@/features/onboarding/welcome-steps';

const pulse = keyframes`
  0%, 100% { transform: scale(1); }
  50% { transform: scale(1.08); }
`;
const travel = keyframes`
  from { left: 75%; }
  to { left: 0%; }
`;
const grow = keyframes`
  from { transform: scaleY(0.1); }
  to { transform: scaleY(1); }
`;
const light = keyframes`
  0%, 20% { opacity: 0.35; }
  40%, 100% { opacity: 1; }
`;

/** An animation unless the user asked for reduced motion. */
const motion = (animation: string) => ({
  animation,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

const card = {
  bgcolor: 'rgba(255,255,255,0.08)',
  border: '1px solid rgba(255,255,255,0.18)',
  borderRadius: 2,
} as const;

function Line({ width }: { width: string }) {
  return <Box sx={{ height: 8, width, borderRadius: 4, bgcolor: 'rgba(255,255,255,0.3)' }} />;
}

function CreateScene() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '80%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Line width="30%" />
        <Box sx={{ flex: 1 }} />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1.5,
            py: 0.75,
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            ...motion(`${pulse} 1.6s ease-in-out infinite`),
          }}
        >
          <AddIcon fontSize="small" />
          <Line width="48px" />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        {[SportsBarIcon, PrecisionManufacturingIcon].map((Icon, i) => (
          <Box key={i} sx={{ ...card, p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <Icon sx={{ fontSize: 40, color: i === 0 ? 'warning.light' : 'info.light' }} />
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
              <Line width="80%" />
              <Line width="55%" />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A fixed pattern that reads as a QR code. */
const QR_ROWS = [
  '1111101011111',
  '1000101010001',
  '1011100110101',
  '1011101011101',
  '1000100110001',
  '1111101011111',
  '0001010100000',
  '1101101101011',
  '0110010011100',
  '1111101101001',
  '1000100100110',
  '1011101011011',
  '1111101010101',
];

function ShareScene() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 2, sm: 5 } }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(13, 1fr)',
          width: { xs: 96, sm: 150 },
          aspectRatio: '1',
          p: 1,
          bgcolor: 'common.white',
          borderRadius: 1,
        }}
      >
        {QR_ROWS.flatMap((row, r) =>
          [...row].map((bit, c) => (
            <Box key={`${r}-${c}`} sx={{ bgcolor: bit === '1' ? 'grey.900' : 'common.white' }} />
          )),
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: { xs: 1, sm: 2 } }}>
        {[0, 1, 2].map((i) => (
          <SmartphoneIcon
            key={i}
            sx={{
              fontSize: { xs: 44, sm: 64 },
              color: 'success.light',
              ...motion(`${light} 2.4s ${i * 0.5}s ease-out infinite alternate`),
            }}
          />
        ))}
      </Box>
    </Box>
  );
}

function PlayScene() {
  const chain = [ShoppingCartIcon, DomainIcon, CallSplitIcon, FactoryIcon];
  return (
    <Box sx={{ width: '86%' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1.5 }}>
        {chain.map((Icon, i) => (
          <Box
            key={i}
            sx={{ ...card, py: 2, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
          >
            <Icon sx={{ fontSize: { xs: 32, sm: 48 }, color: 'primary.light' }} />
            <Box sx={{ mt: 1, width: '60%' }}>
              <Line width="100%" />
            </Box>
          </Box>
        ))}
      </Box>
      {/* Goods travelling down the chain, from the factory to the retailer. */}
      <Box sx={{ position: 'relative', height: 40, mt: 1.5 }}>
        <Box
          sx={{
            position: 'absolute',
            left: '75%',
            width: '25%',
            textAlign: 'center',
            ...motion(`${travel} 3.5s ease-in-out infinite`),
          }}
        >
          <Inventory2Icon sx={{ fontSize: 32, color: 'warning.light' }} />
        </Box>
      </Box>
    </Box>
  );
}

function SessionScene() {
  const rounds: { icon: ReactNode; tone: string }[] = [
    { icon: <CheckCircleIcon sx={{ color: 'success.light' }} />, tone: 'success.light' },
    { icon: <PlayArrowIcon sx={{ color: 'primary.light' }} />, tone: 'primary.light' },
    { icon: <LockIcon sx={{ color: 'grey.500' }} />, tone: 'grey.500' },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, width: '80%' }}>
      {rounds.map((round, i) => (
        <Box key={i} sx={{ ...card, p: 1.5, borderColor: round.tone }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
            {round.icon}
            <Line width="50%" />
          </Box>
          {[0, 1].map((team) => (
            <Box key={team} sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
              <GroupsIcon
                sx={{
                  color: team === 0 ? 'secondary.light' : 'info.light',
                  ...(i === 1 ? motion(`${pulse} 1.8s ${team * 0.4}s ease-in-out infinite`) : {}),
                }}
              />
              <Line width="60%" />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function DebriefScene() {
  // Orders swing more the further from the customer: the bullwhip effect.
  const series = [
    [3, 4, 3, 4, 3],
    [2, 5, 3, 6, 3],
    [2, 7, 2, 8, 4],
    [1, 9, 2, 10, 3],
  ];
  const colors = ['primary.light', 'secondary.light', 'warning.light', 'error.light'];
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: { xs: 1.5, sm: 3 }, height: '70%' }}>
      {series.map((bars, s) => (
        <Box key={s} sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, height: '100%' }}>
          {bars.map((h, b) => (
            <Box
              key={b}
              sx={{
                width: { xs: 8, sm: 14 },
                height: `${h * 10}%`,
                bgcolor: colors[s],
                borderRadius: '3px 3px 0 0',
                transformOrigin: 'bottom',
                ...motion(`${grow} 1.2s ${(s * 5 + b) * 0.06}s ease-out both`),
              }}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}

export function WelcomeScene({ step }: { step: WelcomeStep }) {
  switch (step) {
    case 'create':
      return <CreateScene />;
    case 'share':
      return <ShareScene />;
    case 'play':
      return <PlayScene />;
    case 'session':
      return <SessionScene />;
    case 'debrief':
      return <DebriefScene />;
  }
}
