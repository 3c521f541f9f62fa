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
  output?: (line: string) => void;
}

/** The local cluster of scripts/cluster.mjs: N `next start` processes behind nginx. */
export function startCluster(options: ClusterOptions): Promise<Cluster>;
export function findNginx(): string;
export function renderNginxConfig(options: {
  listen: number | string;
  upstreamPorts: number[];
  runDir: string;
}): string;
