import { type ComponentPropsWithRef, type Ref, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../icons/icons';
import { Button } from '../Button/Button';
import { FieldBox, type FieldLabelProps, splitFieldProps } from '../Field/Field';
import { input } from '../Field/Field.css';
import { toggle, toggleContent, toggleIcon } from './PasswordField.css';

export type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> &
  FieldLabelProps & {
    /** Shows the password in clear text at first. @default false */
    defaultVisible?: boolean;
  };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A labelled password input with a Show/Hide toggle. The toggle keeps the typed value, and the caret
 * stays where it was. Other props (value, onChange, name, autoComplete…) go to the `<input>`.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [field, { defaultVisible = false, ref, ...rest }] = splitFieldProps(props);
  const { disabled } = field;
  const [visible, setVisible] = useState(defaultVisible);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const setInputRef = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  // Changing an input's type can move its caret: after the toggle re-renders, put it back.
  useLayoutEffect(() => {
    const node = inputRef.current;
    const saved = selection.current;
    if (!node || !saved) return;
    node.setSelectionRange(saved.start, saved.end);
    selection.current = null;
  });

  const onToggle = () => {
    const node = inputRef.current;
    if (node?.selectionStart != null && node.selectionEnd != null) {
      selection.current = { start: node.selectionStart, end: node.selectionEnd };
    }
    setVisible((current) => !current);
  };

  return (
    <FieldBox {...field}>
      {(controlProps) => (
        <>
          <input
            ref={setInputRef}
            type={visible ? 'text' : 'password'}
            className={input}
            // Browsers must not offer to correct or capitalise a password shown in clear text.
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...controlProps}
            {...rest}
          />
          <Button
            variant="ghost"
            size="sm"
            className={toggle}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            disabled={disabled}
            // A pointer press must not take focus from the input, so typing can go on.
            onMouseDown={(event) => event.preventDefault()}
            onClick={onToggle}
          >
            <span className={toggleContent}>
              {visible ? <EyeOffIcon className={toggleIcon} /> : <EyeIcon className={toggleIcon} />}
              {visible ? 'Hide' : 'Show'}
            </span>
          </Button>
        </>
      )}
    </FieldBox>
  );
}
