import { Checkbox, type CheckboxProps } from '@mantine/core';
import classes from './touch-checkbox.module.css';

/**
 * A Checkbox for the public pages, which visitors use on their phones: on a
 * small screen its tap target is 44 px tall and as wide as its row
 * (touch-checkbox.module.css); on a wider one it is Mantine's own.
 */
export function TouchCheckbox(props: CheckboxProps) {
  return (
    <Checkbox
      {...props}
      classNames={{ root: classes.root, body: classes.body, label: classes.label }}
    />
  );
}
