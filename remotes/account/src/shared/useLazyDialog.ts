import { uiEntryLoaders } from '@app/ui';
import { useState } from 'react';

export type DialogKit = Awaited<ReturnType<typeof uiEntryLoaders.dialog>>;

/**
 * A dialog whose parts (the kit's Modal and Dialog) download on the first press of its trigger, so a page
 * of triggers loads no dialog code. Render `kit.Modal` once `kit` is set; it stays set, so the dialog can
 * animate out after a close.
 */
export function useLazyDialog() {
  const [isOpen, setOpen] = useState(false);
  const [kit, setKit] = useState<DialogKit | null>(null);
  return {
    isOpen,
    setOpen,
    kit,
    open: async () => {
      setKit(await uiEntryLoaders.dialog());
      setOpen(true);
    },
    /** What the trigger says of its dialog, as React Aria's DialogTrigger would. */
    triggerProps: { 'aria-haspopup': 'dialog', 'aria-expanded': isOpen } as const,
  };
}
