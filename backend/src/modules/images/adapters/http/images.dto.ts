import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class VisibilityDto {
  @ApiProperty({ description: 'D14: shown in the community feed' })
  @IsBoolean({ message: 'isPublic must be true or false' })
  isPublic: boolean;
}
