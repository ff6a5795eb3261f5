// Its own chunk: the toasts' container (with its transitions and swipe handling) comes when needed.
export { Notifications as default } from '@mantine/notifications';
