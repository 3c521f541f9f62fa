import pg from 'pg';

/** Runs `work` with a client of the PostgreSQL server at `url` (creating and dropping test databases). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
