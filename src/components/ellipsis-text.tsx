/**
 * One line of text that ends in "…" when it does not fit, never clipped mid-letter; the full text
 * shows in a tooltip (hover, focus or a long press) only when it was cut.
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { DeferredTooltip } from '@/components/deferred-tooltip';

export function EllipsisText({
  text,
  sx,
  testId,
}: {
  text: string;
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const cut = () => {
    const el = ref.current;
    return el !== null && el.scrollWidth > el.clientWidth;
  };
  return (
    <DeferredTooltip
      title={text}
      open={open}
      onOpen={() => setOpen(cut())}
      onClose={() => setOpen(false)}
      describeChild
    >
      <Box
        component="span"
        ref={ref}
        data-testid={testId}
        sx={[
          {
            display: 'block',
            minWidth: 0,
            maxWidth: '100%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {text}
      </Box>
    </DeferredTooltip>
  );
}
