import { CloudUpload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { ACCEPT_ATTRIBUTE } from './file-rules';

function hasFiles(event: DragEvent) {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * A drop zone with a button in it: a click anywhere, or Enter or Space on the button, opens the
 * file picker; files can be dropped on it. The real <input type=file> stays hidden. The button's
 * name holds the words it shows (WCAG 2.5.3 Label in Name), on a phone too.
 */
export function DropZone({
  onFiles,
  compact = false,
}: {
  onFiles: (files: File[]) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('documents');
  const inputRef = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const openPicker = () => inputRef.current?.click();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };
  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length) onFiles(files);
  };

  return (
    <>
      {/* The whole box takes a click or a drop; the button inside is what the keyboard reaches. */}
      <div
        onClick={openPicker}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input bg-muted/40 px-4 text-center transition-colors hover:border-primary/40 hover:bg-accent/40',
          compact ? 'py-6' : 'py-10',
          dragging && 'border-primary bg-accent',
        )}
      >
        <div
          role="button"
          tabIndex={0}
          aria-label={t('upload.dropZone.name')}
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
          className="flex flex-col items-center gap-2 rounded-md"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-card text-primary shadow-sm">
            <CloudUpload aria-hidden className="size-5" />
          </span>
          <p className="text-sm font-medium">
            {dragging ? (
              t('upload.dropZone.dropping')
            ) : (
              <Trans
                t={t}
                i18nKey="upload.dropZone.prompt"
                components={{
                  choose: <span className="text-primary underline underline-offset-4" />,
                  desktop: <span className="pointer-coarse:hidden" />,
                }}
              />
            )}
          </p>
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('upload.dropZone.hint')}
        </p>
      </div>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Reset so picking the same file again fires another change.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
