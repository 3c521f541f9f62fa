import type { ChildProcess } from 'node:child_process';

export interface ClusterInstance {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Cluster {
  url: string;
  runDir: string;
  instances: ClusterInstance[];
  nginx: ChildProcess;
  stopInstance(index: number): Promise<ProcessExit>;
  stop(): Promise<ProcessExit[]>;
}

export interface ClusterOptions {
  instances?: number;
  port: number;
  /** nginx's address; default 127.0.0.1 (0.0.0.0 serves the network). */
  host?: string;
  appPort?: number;
  runDir: string;
  env?: Record<string, string>;
  instanceEnv?: (index: number) => Record<string, string>;
  build?: boolean;
  prepare?: boolean;
  /** HTTPS with HTTP/2 at nginx, with these PEM files. */
  tls?: TlsFiles;
  output?: (line: string) => void;
}

export interface TlsFiles {
  certificate: string;
  key: string;
}

/** The local cluster of scripts/cluster.mjs: N `next start` processes behind nginx. */
export function startCluster(options: ClusterOptions): Promise<Cluster>;
export function findNginx(): string;
export function findNginxModules(): string;
export function renderNginxConfig(options: {
  listen: number | string;
  upstreamPorts: number[];
  runDir: string;
  modulesDir: string;
  tls?: TlsFiles;
}): string;
/** nginx alone (deploy/nginx.conf) in front of app processes already running on `upstreamPorts`. */
export function startFront(options: {
  listen: string;
  url: string;
  upstreamPorts: number[];
  runDir: string;
  tls?: TlsFiles;
  output?: (line: string) => void;
  deadline?: number;
}): Promise<ChildProcess>;
export function stopFront(nginx: ChildProcess): Promise<ProcessExit>;
export function makeLocalCertificate(dir: string): TlsFiles;
