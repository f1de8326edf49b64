// Test rig only (preloaded with --require under Wine, never shipped): Wine's sockets fail a
// connect (`connect UNKNOWN`) when keep-alive was set on the socket before it connected, which
// undici (fetch) does for every connection. Keep-alive asked for while a socket is still
// connecting is applied once it has connected, which is what a Windows machine ends up with.
'use strict';
const net = require('node:net');

const setKeepAlive = net.Socket.prototype.setKeepAlive;
net.Socket.prototype.setKeepAlive = function deferredSetKeepAlive(enable, initialDelay) {
  if (this.connecting) {
    this.once('connect', () => setKeepAlive.call(this, enable, initialDelay));
    return this;
  }
  return setKeepAlive.call(this, enable, initialDelay);
};
