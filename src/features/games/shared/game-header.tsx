/**
 * The top of both games' play and live pages: the game's name as the page's heading, then the
 * chips the page adds (the week or the lean minute, the time left, the player's role). The play
 * page's frame in app.html draws the same heading, with the name remembered here
 * (src/prerender/frame-name.ts), so the name stays where it first showed.
 */
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { browserStorage } from '@/lib/storage/key-value-storage';
import { rememberGameName } from '@/prerender/frame-name';

/** The width and margins of a play or live page. */
export function PlayContainer({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 1.5, md: 4 }, px: { xs: 1.5, sm: 2, md: 3 } }}>
      {children}
    </Container>
  );
}

export function GameHeader({
  gid,
  name,
  children,
}: {
  /** The game whose name the page's next load shows in its frame; none in the frame itself. */
  gid?: string;
  name: string;
  children?: ReactNode;
}) {
  useEffect(() => {
    if (gid !== undefined) rememberGameName(gid, name, browserStorage());
  }, [gid, name]);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 1, md: 2 }}
      sx={{ alignItems: { md: 'center' }, mb: { xs: 1.5, md: 2 } }}
    >
      <Typography
        variant="h4"
        component="h1"
        sx={{
          flex: 1,
          minWidth: 0,
          overflowWrap: 'anywhere',
          fontSize: { xs: '1.5rem', md: '2.125rem' },
        }}
      >
        {name}
      </Typography>
      {children !== undefined && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          {children}
        </Stack>
      )}
    </Stack>
  );
}
