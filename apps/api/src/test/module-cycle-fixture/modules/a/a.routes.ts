/** Fixture: a uses b (a's routes, not its service, so no file loop: only the modules loop, as auth → chat → patients → auth did). */
import { b } from '../b/b.service';

export const aRoute = () => b();
