/**
 * Unstyled React Aria primitives for remotes that style their own controls (cards, thumbnails, pickers).
 * Remotes import them from here, never from react-aria-components, so a remote neither bundles nor runs
 * its own copy of React Aria: the host's shared @app/ui carries the one instance.
 */
export {
  Button as UnstyledButton,
  Label as UnstyledLabel,
  Radio as UnstyledRadio,
  RadioGroup as UnstyledRadioGroup,
} from 'react-aria-components';
