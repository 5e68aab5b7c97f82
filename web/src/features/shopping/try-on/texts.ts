// The try-on's texts, verbatim from seed 000 (§5 images for try-on, §5 camera, §8 toasts), and its limits (§9).
export const TRY_ON_TEXT = {
  saveFailed: 'Failed to save avatar. Please try again.',
  generateAvatarFailed: 'Failed to generate avatar.',
  tryOnFailed: 'Failed to generate try-on.',
  uploadFailed: 'Failed to upload image.',
  avatarUpdated: 'Avatar updated successfully!',
  avatarGenerated: 'Your avatar has been generated! You can now try on clothes.',
  checkItOut: 'Check it out',
  onlyImages: 'Only image files are supported.',
  tooLarge: 'Image size exceeds 10MB limit.',
  noUploadUrl: 'Failed to get upload URL',
  rateLimited: 'File upload failed due to rate limit.',
  noImageUrl: 'Failed to get image URL from upload response',
  cameraDenied: 'Unable to access camera. Please check your permissions.',
  cameraFailed: 'Failed to process the image. Please try again.',
  /** Ours: the server has no image provider (GET /rest/server/features try_on false). */
  unavailable: 'Try-on is not available on this server.',
} as const;

/** Seed 000 §9. */
export const TRY_ON_LIMITS = {
  imageMaxBytes: 10_485_760,
  tryOnTimeoutMs: 35_000,
  avatarTimeoutMs: 40_000,
  progressSteps: 4,
} as const;

/** Seed 000 §9: the camera. */
export const CAMERA = { width: 1280, height: 720, facingMode: 'user', jpegQuality: 0.95, filename: 'selfie.jpg' } as const;

/** The try-on's four progress steps (seed 000 §4: "Progress has 4 steps"; their words are ours). */
export const TRY_ON_STEPS = ['Preparing your avatar', 'Reading the product', 'Dressing your avatar', 'Finishing the picture'] as const;
