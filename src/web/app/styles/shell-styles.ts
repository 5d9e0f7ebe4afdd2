// What the first paint of every page needs: Mantine's base and the components
// of the shell and the public pages (calculator, widget, book, sign-in). The
// overlays' styles arrive with them (overlay-styles.ts), the rest of Mantine
// with the staff areas (staff-styles.ts). Layered
// (@layer mantine), so the order in which sheets load never matters.
// Kept in the order of Mantine's own styles.css: within the layer, a later
// rule wins, so UnstyledButton must precede Button.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Title.layer.css';
// Not a Mantine sheet: the text fields' focus ring, over Mantine's (focus-ring.css).
import './focus-ring.css';
// Not a Mantine sheet: a focused field stops below the fixed header (field-scroll-margin.css).
import './field-scroll-margin.css';
// Not a Mantine sheet: a phone's fields at 16 px, so iPhone Safari does not zoom (phone-field-text.css).
import './phone-field-text.css';
