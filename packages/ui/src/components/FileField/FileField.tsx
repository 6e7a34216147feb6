import {
  type ChangeEvent,
  type ComponentPropsWithRef,
  type DragEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { DocumentIcon, UploadIcon } from '../../icons/icons';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { Button } from '../Button/Button';
import { Field, type FieldLabelProps } from '../Field/Field';
import * as styles from './FileField.css';
import {
  acceptedTypesText,
  defaultAccept,
  defaultMaxSize,
  formatFileSize,
  rejectionMessage,
} from './fileRules';

export type FileFieldProps = Omit<ComponentPropsWithRef<'div'>, 'children' | 'onChange'> &
  FieldLabelProps & {
    /** Accepted MIME types (`image/png`), families (`image/*`) or extensions (`.pdf`). @default ['image/jpeg', 'image/png', 'image/webp'] */
    accept?: readonly string[];
    /** The largest file accepted, in bytes. @default 5242880 (5 MB) */
    maxSize?: number;
    /** The chosen file (controlled); `null` for none. */
    file?: File | null;
    /** Called with the newly chosen file, or `null` when it is removed. Rejected files are not reported. */
    onFileChange?: (file: File | null) => void;
    /** Upload progress from 0 to 100, shown as a labelled progress bar under the file. */
    progress?: number;
    /** The name the file is submitted under in a native form. */
    name?: string;
    /** Adds "(required)" to the label. @default false */
    required?: boolean;
    /** Turns off choosing, dropping and removing. @default false */
    disabled?: boolean;
  };

/** An object URL for an image file, revoked when the file changes or the component goes. */
function useImagePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith('image/')) return undefined;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);
  return url;
}

/** Keeps the native input's file list in step, so a plain form submission sends the shown file. */
function setInputFile(input: HTMLInputElement | null, file: File | null) {
  if (!input) return;
  input.value = '';
  if (!file) return;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
}

/**
 * One file, chosen with the "Choose file" button or dropped on the zone: checked for type and size,
 * previewed when it is an image, with its name, size and upload progress. Other props go to the
 * Field's root `<div>`.
 */
export function FileField({
  label,
  hint,
  error,
  optional,
  required,
  disabled = false,
  id,
  accept = defaultAccept,
  maxSize = defaultMaxSize,
  file,
  onFileChange,
  progress,
  name,
  ...rest
}: FileFieldProps) {
  const [uncontrolled, setUncontrolled] = useState<File | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const progressLabelId = useId();
  const current = file === undefined ? uncontrolled : file;
  const previewUrl = useImagePreview(current);

  const choose = (files: readonly File[]) => {
    const message = rejectionMessage(files, accept, maxSize);
    const [chosen] = files;
    if (message || !chosen) {
      if (message) {
        setRejection(message);
        setAnnouncement(`File not chosen. ${message}`);
      }
      // The rejected file must not linger in the native input.
      setInputFile(inputRef.current, current);
      return;
    }
    setRejection(null);
    setAnnouncement(`${chosen.name} chosen.`);
    setInputFile(inputRef.current, chosen);
    if (file === undefined) setUncontrolled(chosen);
    onFileChange?.(chosen);
  };

  const removeFile = () => {
    setRejection(null);
    setAnnouncement('File removed.');
    setInputFile(inputRef.current, null);
    if (file === undefined) setUncontrolled(null);
    onFileChange?.(null);
    // The Remove button is gone: keep focus in the field.
    chooseRef.current?.focus();
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    if (files.length > 0) choose(files);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    // Always claimed: a file dropped beside a disabled zone must not make the browser open it.
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    choose(Array.from(event.dataTransfer.files));
  };

  const shownError = rejection ?? error;
  const percent = progress === undefined ? undefined : Math.round(Math.min(100, Math.max(0, progress)));

  return (
    <Field
      label={label}
      hint={hint ?? `${acceptedTypesText(accept)}, up to ${formatFileSize(maxSize)}.`}
      error={shownError}
      optional={optional}
      required={required}
      disabled={disabled}
      controlId={id}
      {...rest}
    >
      {({ 'aria-describedby': describedBy, ...controlProps }, { labelId }) => (
        <div className={styles.body}>
          {/* The real file input, named by the label; the button below opens it. */}
          <input
            ref={inputRef}
            type="file"
            className={visuallyHidden}
            tabIndex={-1}
            accept={accept.join(',')}
            name={name}
            aria-describedby={describedBy}
            onChange={onInputChange}
            {...controlProps}
          />
          {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the Choose file button is the keyboard's way in. */}
          <div
            className={styles.dropZone}
            data-dragging={dragging || undefined}
            data-invalid={shownError ? true : undefined}
            data-disabled={disabled || undefined}
            onDragEnter={onDragOver}
            onDragOver={onDragOver}
            onDragLeave={onDragLeave}
            onDrop={onDrop}
          >
            <UploadIcon className={styles.dropIcon} />
            <p className={styles.dropText}>
              {dragging ? 'Drop the file to choose it' : 'Drag and drop a file here, or'}
            </p>
            <Button
              ref={chooseRef}
              variant="secondary"
              size="sm"
              disabled={disabled}
              aria-describedby={[labelId, describedBy].filter(Boolean).join(' ')}
              onClick={() => inputRef.current?.click()}
            >
              Choose file
            </Button>
          </div>
          {current && (
            <div className={styles.file}>
              {previewUrl ? (
                <img className={styles.thumbnail} src={previewUrl} alt={`Preview of ${current.name}`} />
              ) : (
                <span className={styles.documentThumbnail}>
                  <DocumentIcon className={styles.documentIcon} />
                </span>
              )}
              <div className={styles.details}>
                <span className={styles.fileName} title={current.name}>
                  {current.name}
                </span>
                <span className={styles.fileSize}>{formatFileSize(current.size)}</span>
                {percent !== undefined && (
                  <div className={styles.progress}>
                    <div className={styles.progressLabel}>
                      <span id={progressLabelId}>{percent >= 100 ? 'Upload complete' : 'Uploading'}</span>
                      <span aria-hidden="true">{percent}%</span>
                    </div>
                    <progress
                      className={styles.progressBar}
                      value={percent}
                      max={100}
                      aria-labelledby={progressLabelId}
                    />
                  </div>
                )}
              </div>
              <Button
                variant="ghost"
                size="sm"
                className={styles.remove}
                disabled={disabled}
                aria-label={`Remove ${current.name}`}
                onClick={removeFile}
              >
                Remove
              </Button>
            </div>
          )}
          <p className={visuallyHidden} aria-live="polite">
            {announcement}
          </p>
        </div>
      )}
    </Field>
  );
}
