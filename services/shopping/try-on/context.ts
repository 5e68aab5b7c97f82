// What the try-on needs beyond the kernel: the image provider (null when none is configured).
import type { KernelContext } from '../../shared/context.js';
import type { ImageGenerator } from './image-provider.js';

export type TryOnContext = KernelContext & { tryOnImages: ImageGenerator | null };
