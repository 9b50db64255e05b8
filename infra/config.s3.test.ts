// STORAGE_DRIVER / S3_* / SCRATCH_DIR parsing: what a deployment writes in its environment.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const base = { DATA_DIR: '/srv/liftarena', JWT_SECRET: 'config-test-secret-0123456789abcdef' }
const s3 = { ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'media' }

describe('storage configuration', () => {
  it('defaults to the local disk, with scratch under DATA_DIR', () => {
    const config = loadConfig(base)
    expect(config.storageDriver).toBe('local')
    expect(config.s3).toBeUndefined()
    expect(config.mediaDir).toBe('/srv/liftarena/media')
    expect(config.scratchDir).toBe('/srv/liftarena/scratch')
    expect(loadConfig({ ...base, SCRATCH_DIR: '/tmp/x' }).scratchDir).toBe('/tmp/x')
  })

  it('reads the S3 settings, with path-style addressing by default for a custom endpoint', () => {
    expect(loadConfig(s3).s3).toEqual({
      endpoint: undefined,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      presignSeconds: 0,
    })
    const minio = loadConfig({
      ...s3,
      STORAGE_DRIVER: 'S3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PRESIGN_SECONDS: '300',
    })
    expect(minio.storageDriver).toBe('s3')
    expect(minio.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'media',
      region: 'eu-west-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
      presignSeconds: 300,
    })
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3!.forcePathStyle).toBe(false)
  })

  it('stops with a clear message on a bad value', () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ ...base, STORAGE_DRIVER: 'gcs' }, 'STORAGE_DRIVER must be local or s3'],
      [{ ...base, STORAGE_DRIVER: 's3' }, 'needs S3_BUCKET'],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
      [{ ...s3, S3_ACCESS_KEY_ID: 'k' }, 'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
      [{ ...s3, S3_PRESIGN_SECONDS: '-1' }, 'S3_PRESIGN_SECONDS must be an integer'],
      [{ ...s3, S3_PRESIGN_SECONDS: '604801' }, 'at most 604800'],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    ]
    for (const [env, message] of bad) expect(() => loadConfig(env), message).toThrow(ConfigError)
    for (const [env, message] of bad) expect(() => loadConfig(env)).toThrow(message)
  })
})
