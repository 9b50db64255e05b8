// One-shot setup (docker-compose.yml's `setup` service): creates the media bucket when it does
// not exist yet, with the same S3_* settings the servers and workers use, then exits. Safe to
// run again. Any S3-compatible store: the compose file's versitygw, AWS S3, another.
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { ConfigError, loadConfig } from '../infra/config.ts'
import { s3ClientOptions } from '../infra/s3-storage.ts'

async function main() {
  const { s3 } = loadConfig()
  if (!s3) throw new ConfigError('STORAGE_DRIVER is not s3: there is no bucket to create.')
  const client = new S3Client(s3ClientOptions(s3))
  try {
    // The store may still be starting: try for a minute.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: s3.bucket }))
        console.log(`Bucket "${s3.bucket}" exists.`)
        return
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
        if (status === 404) {
          await client.send(new CreateBucketCommand({ Bucket: s3.bucket }))
          console.log(`Created bucket "${s3.bucket}".`)
          return
        }
        if (attempt >= 30) throw error
        await new Promise((resolve) => setTimeout(resolve, 2_000))
      }
    }
  } finally {
    client.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
