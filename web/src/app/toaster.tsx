// The toast outlet, following the colour scheme.
import { Toaster as Sonner } from 'sonner';
import { useSettings } from '../platform/settings/store';
import { TOAST_DURATION } from '../platform/toasts';

export function Toaster() {
  const { colourScheme } = useSettings();
  return <Sonner position="top-center" theme={colourScheme} duration={TOAST_DURATION.normal} closeButton={false} richColors={false} />;
}
