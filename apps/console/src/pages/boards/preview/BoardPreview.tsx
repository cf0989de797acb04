import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { fitScale, type ScreenSizeId, screenSizes } from './screen-sizes.ts';

/** The tallest the preview gets on the page, so the form beside it stays in view. */
const MAX_HEIGHT = 640;

/**
 * The real board at `/?id=<board>` in a frame the size of the chosen screen, scaled down to
 * fit (decision CON-46). It signs in as the console's person through the provider's session
 * and follows its config live over its own subscription, so a save shows here with no reload.
 */
export function BoardPreview({ boardId, name }: { readonly boardId: number; readonly name: string }) {
  const intl = useIntl();
  const [sizeId, setSizeId] = useState<ScreenSizeId>('1920x1080');
  const size = screenSizes.find((s) => s.id === sizeId) ?? screenSizes[0];
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const scale = fitScale(size, width, MAX_HEIGHT);
  const sizeText = intl.formatMessage({ id: `boards.preview.size.${size.id}` });

  return (
    <Box
      component="section"
      aria-labelledby="preview-heading"
      sx={{ display: 'grid', gap: 1, alignContent: 'start' }}
    >
      <Typography component="h3" variant="h6" id="preview-heading">
        {intl.formatMessage({ id: 'boards.preview' })}
      </Typography>
      <TextField
        select
        size="small"
        label={intl.formatMessage({ id: 'boards.preview.size' })}
        value={sizeId}
        onChange={(event) => setSizeId(event.target.value as ScreenSizeId)}
        sx={{ maxWidth: '20em' }}
      >
        {screenSizes.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {intl.formatMessage({ id: `boards.preview.size.${option.id}` })}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2">{intl.formatMessage({ id: 'boards.preview.help' })}</Typography>
      <Box ref={box} sx={{ width: '100%' }}>
        <Box
          sx={{
            width: size.width * scale,
            height: size.height * scale,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            bgcolor: '#05131d',
          }}
        >
          <iframe
            src={`/?id=${boardId}`}
            title={intl.formatMessage({ id: 'boards.preview.frame' }, { name, size: sizeText })}
            data-testid="board-preview"
            width={size.width}
            height={size.height}
            style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', display: 'block' }}
          />
        </Box>
      </Box>
    </Box>
  );
}

/** The element's width, followed as the page resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
