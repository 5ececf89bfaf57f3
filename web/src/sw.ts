// The service worker, served at /sw.js so that its scope is the whole site. Each concern is
// a module of its own that installs its handlers here.
import { installPush, type PushScope } from './sw_push';

installPush(self as unknown as PushScope);
