// The overlays' styles (the modals provider, the notifications container, the
// phone menu's Drawer, the Documents dialog): imported by each of those lazy
// modules, so they arrive on the first use of an overlay and the shell's
// stylesheet (shell-styles.ts) holds only what the first paint needs.
// Layered (@layer mantine) and in the order of Mantine's own styles.css; each
// targets only its own component's classes, so coming after the shell's
// sheet changes nothing.
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
