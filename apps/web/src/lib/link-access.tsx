import { createContext, useContext } from 'react';

/**
 * Whether the signed-in person may open an in-app path. The app provides the answer of its route
 * table (the same access every route guard applies); features ask it before they show a link, so
 * nobody is offered a page that would only say "You don't have access to this page" (the legacy
 * `user` role, shown as Administrator, has the Teacher's menu: no payments or subscription).
 * Outside the signed-in shell every path counts as openable.
 */
const LinkAccessContext = createContext<(path: string) => boolean>(() => true);

export const LinkAccessProvider = LinkAccessContext.Provider;

export const useMayOpenPath = (): ((path: string) => boolean) => useContext(LinkAccessContext);
