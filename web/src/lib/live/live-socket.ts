// The live socket's type: socket.io-client typed by the contract's events (the package itself
// loads with the first live screen, so only its types are imported here).
import type { Socket } from 'socket.io-client'
import type { ClientEvents, ServerEvents } from '../contract.ts'

export type LiveSocket = Socket<ServerEvents, ClientEvents>
