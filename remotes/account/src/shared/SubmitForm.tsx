import { Form } from '@app/ui';
import type { ComponentProps } from 'react';

type SubmitFormProps = Omit<ComponentProps<typeof Form>, 'onSubmit'> & { onSubmit: () => unknown };

/** A form that calls the server itself: the browser's own submit (a page load) is stopped. */
export function SubmitForm({ onSubmit, ...props }: SubmitFormProps) {
  return (
    <Form
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    />
  );
}
